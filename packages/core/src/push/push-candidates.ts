/** Whether an ascending list holds the id (binary search). */
function holds(ascending: readonly number[], id: number): boolean {
  let low = 0;
  let high = ascending.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = ascending[middle] as number;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * The receivers of a message who could be pushed: those with a push device, the sender left out. Both
 * lists are ascending; the shorter is walked and looked up in the longer, so a message costs
 * O(min · log max) whether the channel is large or few users have devices. Ascending out.
 */
export function pushCandidates(receivers: readonly number[], withDevices: readonly number[], senderId: number): number[] {
  const [walked, searched] = receivers.length <= withDevices.length ? [receivers, withDevices] : [withDevices, receivers];
  const candidates: number[] = [];
  for (const id of walked) if (id !== senderId && holds(searched, id)) candidates.push(id);
  return candidates;
}

/** An ascending id list with one id added or taken out (a new array; the given one is left as it is). */
export function withIdSet(ascending: readonly number[], id: number, present: boolean): number[] {
  const others = ascending.filter((value) => value !== id);
  if (!present) return others;
  const at = others.findIndex((value) => value > id);
  return at < 0 ? [...others, id] : [...others.slice(0, at), id, ...others.slice(at)];
}
