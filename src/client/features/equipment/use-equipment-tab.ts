import { useCallback, useEffect, useState } from 'react';
import { EQUIPMENT_TAB_STORAGE_KEY, initialTab, isEquipmentTab, type EquipmentTab } from './equipment-rules';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(EQUIPMENT_TAB_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStored(tab: EquipmentTab): void {
  try {
    window.localStorage.setItem(EQUIPMENT_TAB_STORAGE_KEY, tab);
  } catch {
    // Storage may be off (private mode): the URL hash still keeps the tab.
  }
}

/**
 * The active tab of the Equipment and Skills screen, kept in the URL hash ('#skills') so a reload
 * or a shared link opens it, and in local storage so the next visit does too.
 */
export function useEquipmentTab(): [EquipmentTab, (next: string) => void] {
  const [tab, setTab] = useState<EquipmentTab>(() => initialTab(window.location.hash, readStored()));

  useEffect(() => {
    const onHashChange = () => {
      const fromHash = window.location.hash.replace(/^#/, '');
      if (isEquipmentTab(fromHash)) setTab(fromHash);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  const change = useCallback((next: string) => {
    if (!isEquipmentTab(next)) return;
    setTab(next);
    writeStored(next);
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}#${next}`);
  }, []);

  return [tab, change];
}
