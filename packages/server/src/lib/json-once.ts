/** JSON of objects already serialised, by identity (each answer is frozen once it is made). */
const made = new WeakMap<object, string>();

/**
 * `JSON.stringify(value)`, made once per object: a change's answer goes both into its outbox event and into the
 * response, and a checkout or a cart of many lines is tens of kilobytes of JSON. The object must not change after
 * its first serialisation.
 */
export function jsonOnce(value: object): string {
  let json = made.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    made.set(value, json);
  }
  return json;
}
