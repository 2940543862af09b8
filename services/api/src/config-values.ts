/** A configuration value the server cannot start with; the message names the variable. */
export class ConfigError extends Error {}

/** An integer setting within [min, max], or the fallback when unset. */
export function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got '${value}')`);
  }
  return parsed;
}
