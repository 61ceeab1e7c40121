import type { SocketStatus } from '@client/lib/ws-client';

export interface DeliveryText {
  lead: string;
  tone: 'up' | 'paused' | 'down';
  rest: string;
}

/**
 * What the chat's Link card says of how messages travel: the live link's state and, when it is
 * not up, whether the server still answers (the 5 s refresh succeeds). Only then do messages
 * still go through; with the server down nothing is sent or received, and the card says so.
 */
export function deliveryText(status: SocketStatus, answering: boolean): DeliveryText {
  if (status === 'online') return { lead: 'Live link up.', tone: 'up', rest: 'Messages arrive the moment they are sent.' };
  const serverDown = 'The server is not answering: no message can be sent or received until it is back. The chat tries again every 5 s.';
  if (status === 'replaced') {
    return {
      lead: 'Live link paused.',
      tone: 'paused',
      rest: answering ? 'The chat is open in another tab. It still refreshes every 5 s and your messages still go through.' : `The chat is open in another tab. ${serverDown}`,
    };
  }
  return {
    lead: 'Live link down.',
    tone: 'down',
    rest: answering ? 'Reconnecting on its own. The chat still refreshes every 5 s and your messages still go through.' : `Reconnecting on its own. ${serverDown}`,
  };
}
