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

/** Characters gathered per pull of a text stream. */
const TEXT_CHUNK = 1 << 16;

/**
 * A text written as it is produced: the body pulls pieces from `chunks` (a report's JSON,
 * one session or event a piece) until about `TEXT_CHUNK` characters are gathered, so a
 * response costs the memory of one chunk, not of the whole text.
 */
export function textStream(chunks: Iterator<string>): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const parts: string[] = [];
      let size = 0;
      while (size < TEXT_CHUNK) {
        const next = chunks.next();
        if (next.done) {
          if (parts.length) controller.enqueue(enc.encode(parts.join("")));
          controller.close();
          return;
        }
        parts.push(next.value);
        size += next.value.length;
      }
      controller.enqueue(enc.encode(parts.join("")));
    },
    cancel() {
      chunks.return?.();
    },
  });
}
