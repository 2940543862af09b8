/** A JSON object as a response body (or a part of one) holds it, its fields not yet checked. */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Each accessor narrows one field and says what it found when the shape is wrong, so a test that
// reads a response fails on the field it reads rather than later on an undefined.
function wrongShape(object: unknown, key: string, expected: string): TypeError {
  return new TypeError(`expected ${expected} at '${key}' in ${JSON.stringify(object)}`);
}

function valueAt(object: unknown, key: string): unknown {
  if (!isJsonObject(object)) throw wrongShape(object, key, 'an object holding a field');
  return object[key];
}

export function numberField(object: unknown, key: string): number {
  const value = valueAt(object, key);
  if (typeof value !== 'number') throw wrongShape(object, key, 'a number');
  return value;
}

export function stringField(object: unknown, key: string): string {
  const value = valueAt(object, key);
  if (typeof value !== 'string') throw wrongShape(object, key, 'a string');
  return value;
}

export function objectField(object: unknown, key: string): JsonObject {
  const value = valueAt(object, key);
  if (!isJsonObject(value)) throw wrongShape(object, key, 'an object');
  return value;
}

export function arrayField(object: unknown, key: string): unknown[] {
  const value = valueAt(object, key);
  if (!Array.isArray(value)) throw wrongShape(object, key, 'an array');
  return value;
}

export function objectsField(object: unknown, key: string): JsonObject[] {
  const values = arrayField(object, key);
  if (!values.every(isJsonObject)) throw wrongShape(object, key, 'an array of objects');
  return values;
}

export function numbersField(object: unknown, key: string): number[] {
  const values = arrayField(object, key);
  if (!values.every((value): value is number => typeof value === 'number')) throw wrongShape(object, key, 'an array of numbers');
  return values;
}
