import http from 'node:http';
import https from 'node:https';

/**
 * Simulated players spread over loopback addresses (127.0.0.2 and up, `perAddress` to each), as
 * players come from many addresses: a proxy's per-address connection limit (deploy/nginx.conf's
 * `limit_conn`) and the game's own caps then apply to each group as they would to a household,
 * not to the whole load at once. Linux routes all of 127.0.0.0/8 to the loopback interface.
 */
export function loopbackAddress(player: number, perAddress: number): string {
  const group = Math.floor(player / perAddress);
  if (group > 253 * 256) throw new Error(`too many players for the loopback range at ${perAddress} per address`);
  return `127.0.${Math.floor(group / 253)}.${2 + (group % 253)}`;
}

export interface Answer {
  status: number;
  body: string;
}

/**
 * HTTP(S) requests from one local address, over keep-alive connections of their own (the
 * global fetch cannot choose its source address). Certificates are not checked: the bench's
 * proxy has a self-signed one.
 */
export function requester(base: string, localAddress: string): (method: string, path: string, headers: Record<string, string>, body?: string) => Promise<Answer> {
  const url = new URL(base);
  const secure = url.protocol === 'https:';
  const agent = secure ? new https.Agent({ keepAlive: true, localAddress, rejectUnauthorized: false }) : new http.Agent({ keepAlive: true, localAddress });
  const request = secure ? https.request : http.request;
  return (method, path, headers, body) =>
    new Promise((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path, method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
}
