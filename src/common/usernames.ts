/** Usernames are unique ignoring case: look-ups, throttling and matches use this key. Without zod, so any screen may read it. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** Whether two usernames name the same player. */
export function sameUsername(a: string, b: string): boolean {
  return usernameKey(a) === usernameKey(b);
}
