// Two estimates a report can compare: a baseline with a client channel, and a change to it.
export function reportConfigs(name: string) {
  const before = {
    version: 1,
    name,
    baseline: { rate: "1000/s", cost: { qmgr: "45us", chin: "120us", app: "30us" } },
    storage: { chin: { used: "120MB", free: "1346MB" } },
    channels: [{ name: "C", type: "server-connection", sharecnv: 1 }],
  };
  const after = {
    ...before,
    name: "after",
    baseline: { rate: "1000/s", cost: { qmgr: "50us", chin: "100us", app: "30us" } },
    channels: [{ name: "C", type: "server-connection", sharecnv: 10 }],
  };
  return { BASELINE: before, CHANGED: after };
}
