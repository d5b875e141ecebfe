// Vitest 5's reporters call Map.groupBy / Object.groupBy, which Node 20 lacks (Node 21+ has them).
// Loaded by the vitest configs and by scripts/test-all.mjs through NODE_OPTIONS.
function groupBy(items, key) {
  const groups = new Map();
  let i = 0;
  for (const item of items) {
    const k = key(item, i++);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(item);
  }
  return groups;
}
if (typeof Map.groupBy !== 'function') Map.groupBy = groupBy;
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, key) =>
    Object.assign(Object.create(null), Object.fromEntries(groupBy(items, key)));
}
