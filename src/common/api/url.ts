import type { z } from 'zod';

/**
 * Where an answer or message breaks its schema, for the error that says so: the first
 * problem's field path (or '(root)') and message. The server's and the client's answer and
 * socket checks all word it this way.
 */
export function contractProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || '(root)'} ${issue?.message ?? ''}`;
}

/** The URL of a route for these path parameters and query (`:id` → 12, `?limit=20`). */
export function urlOf(contract: { path: string }, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const path = contract.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${contract.path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
