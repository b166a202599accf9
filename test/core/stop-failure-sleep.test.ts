/**
 * Which StopFailure puts a session to sleep (core/rest.ts `stopFailureEvent`): a usage or rate
 * limit, however the version names it. 2.1.336 says `error: "rate_limit"`; 2.1.88 (observed
 * offline against a 429 `rate_limit_error`, with and without retries) says `error: "unknown"`
 * and carries the API's error body in `last_assistant_message`: the same limit, so the same sleep.
 */
import { expect, test } from "bun:test";
import { RATE_LIMIT_SLEEP_MS, stopFailureEvent } from "../../src/core/rest.ts";

const AT = Date.UTC(2026, 11, 4, 10, 0);
const body = (type: string) => `API Error: 429 {"type":"error","error":{"type":"${type}","message":"Slow down"}}`;

test.each([
  ["the newest versions' rate_limit", "rate_limit", "API Error: Request rejected (429) · Rate limit reached"],
  ["2.1.88's unknown error carrying a rate_limit_error body", "unknown", body("rate_limit_error")],
  ["a body after other words", "unknown", `Retried 10 times. ${body("rate_limit_error")}`],
])("%s sleeps for the window it hit", (_, error, text) => {
  expect(stopFailureEvent(error, AT, { text })).toEqual({
    type: "slept",
    at: AT,
    until: AT + RATE_LIMIT_SLEEP_MS,
    cause: "rate_limit",
  });
});

test.each([
  ["an overloaded server", "unknown", body("overloaded_error")],
  ["an unknown error that only mentions a rate limit in words", "unknown", "API Error: rate_limit_error somewhere"],
  ["a server error", "server_error", body("api_error")],
  ["no text", "unknown", ""],
  ["a body that is not JSON", "unknown", 'API Error: 429 {"type":"error","error":{"type":"rate_limit_error"'],
])("%s is no sleep", (_, error, text) => {
  expect(stopFailureEvent(error, AT, { text })).toBeNull();
});
