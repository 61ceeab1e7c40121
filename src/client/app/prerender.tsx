import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { queryClient } from '@client/lib/query-client';
import { USER_QUERY_KEY } from '@client/lib/session';
import { App } from './app';
import { loadLoginScreen } from './routes';
import { LoadingScreen } from './shell-frame';

/**
 * The markup the build writes into the pages (scripts/prerender-shell.ts), so the first paint
 * does not wait for the scripts: the login screen, as the client's own App renders it first for
 * nobody signed in (main.tsx hydrates it, so it must be the same markup), and the loading screen
 * of a signed-in page.
 */
export async function renderLoginScreen(): Promise<string> {
  await loadLoginScreen();
  queryClient.setQueryData(USER_QUERY_KEY, null);
  return renderToString(
    <Router ssrPath="/auth">
      <App />
    </Router>,
  );
}

export function renderLoadingScreen(): string {
  return renderToString(<LoadingScreen />);
}
