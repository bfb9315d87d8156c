import { startPassThroughProxy } from '../chat/pass-through-proxy';

/*
 * The cheapest proxy this machine can run, in its own process (as the proxies it is compared
 * with are): bytes piped both ways, no parsing, no authentication, no database. Whatever a real
 * proxy does costs more, so its figures are the floor a proxy's figures are compared with (the
 * direct call has no second hop at all). Usage: `tsx bare-proxy.ts <upstream origin>`; prints
 * `{"url": …}` when listening and exits when its stdin ends.
 */

const { url } = await startPassThroughProxy(process.argv[2] ?? 'http://127.0.0.1:1');
process.stdout.write(`${JSON.stringify({ url })}\n`);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
