import { useLayoutEffect, useRef, useState } from 'react';

/** Phones: the chat panel fills the viewport below the bars, never shorter than this. */
const PHONE_QUERY = '(max-width: 639.98px)';
const PHONE_MIN_PANEL_PX = 380;
const PAGE_BOTTOM_GAP_PX = 24;

/** On phones, the panel's height that reaches from its top to the bottom of the viewport. */
export function usePhoneFillHeight() {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);

  useLayoutEffect(() => {
    const media = window.matchMedia(PHONE_QUERY);
    function measure() {
      const el = ref.current;
      if (!el || !media.matches) {
        setHeight(null);
        return;
      }
      const top = el.getBoundingClientRect().top + window.scrollY;
      const viewport = window.visualViewport?.height ?? window.innerHeight;
      setHeight(Math.max(PHONE_MIN_PANEL_PX, Math.floor(viewport - top - PAGE_BOTTOM_GAP_PX)));
    }
    measure();
    window.addEventListener('resize', measure);
    media.addEventListener('change', measure);
    return () => {
      window.removeEventListener('resize', measure);
      media.removeEventListener('change', measure);
    };
  }, []);

  return { ref, height };
}
