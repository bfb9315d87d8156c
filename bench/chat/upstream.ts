import { startProviderSim } from '@parallax/provider-sim';
import { startPassThroughProxy } from './pass-through-proxy';
import { SimStamps } from './sim-stamps';

/**
 * The upstream side of the chat bench, in its own process so the server and the clients do not
 * share its event loop: provider-sim (stamping each token as it writes it), the bare proxy in
 * front of it, and the stamps endpoint. Prints one JSON line with the addresses, then runs
 * until its parent ends it.
 */
const stamps = new SimStamps();
const sim = await startProviderSim({
  host: '127.0.0.1',
  port: 0,
  onTokenWritten: stamps.onTokenWritten,
});
const stampsServer = await stamps.serve();
const floor = await startPassThroughProxy(sim.url);
// The sim keeps a record per request; the bench reads stamps instead, so drop them as it goes.
const trim = setInterval(() => sim.clearRequests(), 2_000);
trim.unref();

console.log(JSON.stringify({ simUrl: sim.url, floorUrl: floor.url, stampsUrl: stampsServer.url }));

const stop = () => process.exit(0);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Never outlive the bench that started it.
process.stdin.on('end', stop);
process.stdin.resume();
setTimeout(stop, 30 * 60_000).unref();
