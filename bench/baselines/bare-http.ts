import { createServer } from 'node:http';

/** Baseline for the HTTP figures: node:http answering a fixed JSON body, nothing else. */
const body = JSON.stringify({ id: 1, username: 'bare', credits: 2500 });
// The client figure's baseline: the login form as plain static HTML, no script.
const loginPage = `<!doctype html><html><head><meta charset="utf-8"><title>Login</title></head><body>
<form aria-label="Log in"><label>Username <input id="login-username"></label>
<label>Password <input id="login-password" type="password"></label><button>Login</button></form></body></html>`;
createServer((req, res) => {
  if (req.url === '/static-login') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end(loginPage);
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
