import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * Baseline for the socket figures: a bare `ws` server. Idle sockets are just kept open (memory
 * figure); an `echo` is sent back (PvP round-trip figure); a `chat_message` is relayed as is to every open socket (fan-out figure), with no
 * authentication, storage or bus in between.
 */
const server = createServer((_req, res) => res.end('ok'));
const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
const open = new Set<WebSocket>();
wss.on('connection', (ws) => {
  open.add(ws);
  ws.on('close', () => open.delete(ws));
  ws.on('message', (data) => {
    let parsed: { type?: unknown; text?: unknown };
    try {
      parsed = JSON.parse(data.toString()) as typeof parsed;
    } catch {
      return;
    }
    // The round-trip baseline of the PvP figure: answered to the sender only.
    if (parsed.type === 'echo') return void ws.send(data.toString());
    const text = parsed.text;
    const out = JSON.stringify({ type: 'chat_message', message: { message: text, text } });
    for (const peer of open) peer.send(out);
  });
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
