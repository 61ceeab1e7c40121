import { useEffect } from 'react';
import { PRODUCT_NAME } from '@common/constants';

/** Names the browser tab after the screen: 'Forge | Glitch Arena', or the game's name alone. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = !title || title === PRODUCT_NAME ? PRODUCT_NAME : `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}
