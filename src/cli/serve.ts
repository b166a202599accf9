/** `vigil serve`: wiring only. The server is `src/app/server.ts`, its service `src/serve/service.ts`. */
import { runServer, targetOf } from "../app/server.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { HELP } from "./help.ts";
import { BUILD, VERSION } from "./version.ts";

/**
 * Run `vigil serve [--listen HOST:PORT | --socket PATH] [--token T | --token-file P]` until
 * SIGINT/SIGTERM, or install/uninstall the service that runs it.
 */
export async function serveCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values } = parse(args, {
    listen: { type: "string" },
    socket: { type: "string" },
    token: { type: "string" },
    "token-file": { type: "string" },
    install: { type: "boolean" },
    uninstall: { type: "boolean" },
    "dry-run": { type: "boolean" },
    bin: { type: "string" },
  });
  if (values.help) return (ctx.out(HELP.serve + "\n"), 0);
  if (values.listen !== undefined && values.socket !== undefined) {
    throw new UsageError("choose one of --listen and --socket");
  }
  if (values.token !== undefined && values["token-file"] !== undefined) {
    throw new UsageError("choose one of --token and --token-file");
  }
  if (values.install || values.uninstall) {
    if (values.install && values.uninstall) throw new UsageError(`choose one of "--install" and "--uninstall"`);
    const target = targetOf(values.listen, values.socket);
    return (await import("../serve/service.ts")).serveService(values.install === true, { ...values, target }, ctx);
  }
  const { listen, socket, token } = values;
  return await runServer(
    { listen, socket, token, tokenFile: values["token-file"], version: VERSION, build: BUILD },
    ctx,
  );
}
