/**
 * The sort and filter panel: whether it is open, toggled by its button, and focus back on that button when it closes.
 * Returns [open, toggle, close, buttonRef].
 */
import { useRef, useState } from 'react';

export function useFilterPanel() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const toggle = () => setOpen((o) => !o);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return [open, toggle, close, buttonRef] as const;
}
