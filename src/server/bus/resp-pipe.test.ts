import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeCommands, readReply, RespPipe, type Reply } from './resp-pipe';

/** Every reply in `text`, fed in pieces of `size` bytes as reads would bring them. */
function readAll(text: string, size: number): Reply[] {
  const whole = Buffer.from(text, 'utf8');
  const replies: Reply[] = [];
  let pending = Buffer.alloc(0);
  for (let at = 0; at < whole.length; at += size) {
    pending = Buffer.concat([pending, whole.subarray(at, at + size)]);
    let cursor = 0;
    for (let item = readReply(pending, cursor); item; item = readReply(pending, cursor)) {
      replies.push(item.reply);
      cursor = item.next;
    }
    pending = pending.subarray(cursor);
  }
  expect(pending.length).toBe(0);
  return replies;
}

describe('RESP replies', () => {
  const text = ':3\r\n+OK\r\n-WRONGTYPE Operation against a key\r\n$-1\r\n$4\r\nhé!\r\n*3\r\n:1\r\n$0\r\n\r\n*1\r\n$2\r\nab\r\n*-1\r\n';
  const expected = [3, 'OK', new Error('WRONGTYPE Operation against a key'), null, 'hé!', [1, '', ['ab']], null];

  it('are read whole, and the same when they arrive a byte at a time or cut anywhere', () => {
    for (const size of [1, 2, 3, 5, 7, 64]) expect(readAll(text, size)).toEqual(expected);
  });

  it('of an unknown type are refused rather than misread', () => {
    expect(() => readReply(Buffer.from('?what\r\n'), 0)).toThrow('unknown type');
  });

  it('are asked for with lengths in bytes', () => {
    expect(encodeCommands([['RPUSHX', 'k', 'é'], ['PING']])).toBe('*3\r\n$6\r\nRPUSHX\r\n$1\r\nk\r\n$2\r\né\r\n*1\r\n$4\r\nPING\r\n');
  });
});

describe('the connection', () => {
  const servers: net.Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  /** A server that reads everything and answers nothing (a hung Redis). */
  async function silentServer(): Promise<{ port: number; sockets: net.Socket[] }> {
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => {
      sockets.push(socket);
      socket.resume();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as net.AddressInfo).port, sockets };
  }

  it('fails a batch not answered in time, and the connection with it', async () => {
    const { port, sockets } = await silentServer();
    const pipe = new RespPipe(`redis://127.0.0.1:${port}`, { timeoutMs: 50, retryAfterMs: 1000 });
    const sent = Date.now();
    await expect(pipe.send([['RPUSHX', 'k', 'v']])).rejects.toThrow('Redis did not answer within 50 ms');
    expect(Date.now() - sent).toBeGreaterThanOrEqual(45);
    await new Promise((resolve) => sockets[0]!.once('close', resolve));
    pipe.close();
  });

  it('answers each batch in order over one connection, and says hello first', async () => {
    const received: string[] = [];
    const server = net.createServer((socket) => {
      socket.on('data', (chunk) => {
        received.push(chunk.toString());
        const all = received.join('');
        // The hello (SELECT, CLIENT SETNAME) and two batches of one and two commands.
        if (all.split('*').length - 1 === 5) socket.write('+OK\r\n+OK\r\n:1\r\n:2\r\n:0\r\n');
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const pipe = new RespPipe(`redis://127.0.0.1:${port}/2`, { name: 'me', timeoutMs: 2000, retryAfterMs: 1000 });
    const [first, second] = await Promise.all([pipe.send([['RPUSHX', 'a', '1']]), pipe.send([['RPUSHX', 'a', '2'], ['RPUSHX', 'b', '1']])]);
    expect(first).toEqual([1]);
    expect(second).toEqual([2, 0]);
    expect(received.join('').startsWith('*2\r\n$6\r\nSELECT\r\n$1\r\n2\r\n*3\r\n$6\r\nCLIENT\r\n$7\r\nSETNAME\r\n$2\r\nme\r\n')).toBe(true);
    pipe.close();
  });

  it('refuses at once while a Redis it could not reach is not due to be tried again, and everything once closed', async () => {
    const { port } = await silentServer();
    servers.splice(0).forEach((server) => server.close());
    const pipe = new RespPipe(`redis://127.0.0.1:${port}`, { timeoutMs: 2000, retryAfterMs: 60_000 });
    await expect(pipe.send([['PING']])).rejects.toThrow(/ECONNREFUSED/);
    await expect(pipe.send([['PING']])).rejects.toThrow('Redis is unreachable');
    pipe.close();
    await expect(pipe.send([['PING']])).rejects.toThrow('Redis connection closed');
  });
});
