import { loadInput, onCommand, report } from '../lib/server';
import { openMany } from '../lib/sockets';

/** Holds `cookies.length` idle sockets open until told to close them (or killed). */
const input = loadInput<{ base: string; cookies: (string | null)[]; path?: string }>();
const started = Date.now();
const sockets = await openMany(input.base, input.cookies.map((c) => c ?? undefined), 100, input.path ?? '/ws');
report({ opened: sockets.length, ms: Date.now() - started });
onCommand((command) => {
  if (command.close) {
    for (const ws of sockets) ws.terminate();
    report({ closed: sockets.length });
    setTimeout(() => process.exit(0), 100);
  }
});
