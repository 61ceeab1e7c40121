/** Join errors: 'PvP Cooldown' when the message mentions the cooldown, else 'Queue Failed'. */
export function joinErrorTitle(message: string): string {
  return /cooldown/i.test(message) ? 'PvP Cooldown' : 'Queue Failed';
}
