import type { RefObject } from 'react';

/** Id of the 'Fighters for Sale' heading, where focus lands when a listing leaves the screen. */
export const LISTINGS_HEADING_ID = 'market-listings-title';

/**
 * A dialog's close-focus handler: focus goes back to the button that opened it, unless that
 * button is gone (its listing was bought or withdrawn); then it goes to the listings heading
 * instead of being lost to the page body.
 */
export function returnFocus(trigger: RefObject<HTMLElement | null>) {
  return (event: Event) => {
    if (trigger.current?.isConnected) return;
    event.preventDefault();
    document.getElementById(LISTINGS_HEADING_ID)?.focus();
  };
}
