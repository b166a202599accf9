/**
 * A JSON array written as it is read: the body pulls items a chunk at a time from an
 * iterator (a SQLite cursor), so a page costs the memory of one chunk, not of the page.
 */

/** Items serialised per pull. */
const CHUNK = 256;

/** `[item,item,…]` as a byte stream over `items`, each written by `write`. */
export function jsonArrayStream<T>(items: Iterator<T>, write: (item: T) => unknown): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const parts: string[] = first ? ["["] : [];
      for (let i = 0; i < CHUNK; i++) {
        const next = items.next();
        if (next.done) {
          parts.push("]");
          controller.enqueue(enc.encode(parts.join("")));
          controller.close();
          return;
        }
        parts.push((first ? "" : ",") + JSON.stringify(write(next.value)));
        first = false;
      }
      controller.enqueue(enc.encode(parts.join("")));
    },
    cancel() {
      items.return?.();
    },
  });
}
