import type { RefObject } from 'react';

/** Id of the 'Fighters for Sale' heading, where focus lands when a listing leaves the screen. */
export const LISTINGS_HEADING_ID = 'market-listings-title';

/**
 * A dialog's close-focus handler: focus goes back to the button that opened it, unless that
 * button is gone (its listing was bought or withdrawn); then it goes to the listings heading
 * instead of being lost to the page body. The dialogs load on demand and have no Radix trigger,
 * so the button is named here rather than left to the browser's memory of the last focus (a
 * pressed button is not focused in every browser).
 */
export function returnFocus(trigger: RefObject<HTMLElement | null>) {
  return (event: Event) => {
    event.preventDefault();
    if (trigger.current?.isConnected) trigger.current.focus();
    else document.getElementById(LISTINGS_HEADING_ID)?.focus();
  };
}
