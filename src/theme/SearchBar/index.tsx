/**
 * The navbar search box (Docusaurus classic renders `@theme/SearchBar` for a
 * `{type: 'search'}` navbar item). On every page: a button and the dialog's
 * code (a few KB); the matcher and the index load when the reader opens it, by
 * click, `/` or Ctrl+K (⌘K).
 */
import {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import SearchDialog from './SearchDialog';
import styles from './styles.module.css';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function SearchIcon(): ReactNode {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 20 20"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l4.15 4.14-1.06 1.06-4.14-4.15A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z"
        fill="currentColor"
      />
    </svg>
  );
}

export default function SearchBar(): ReactNode {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const shortcut =
        (event.key === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) ||
        (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target));
      if (!shortcut || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Focus goes back to the button once the dialog is gone (while it is open, the page behind is inert).
  const refocus = useRef(false);
  const close = useCallback(() => {
    refocus.current = true;
    setOpen(false);
  }, []);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    trigger.current?.focus();
  }, [open]);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        onClick={() => setOpen(true)}
      >
        <SearchIcon />
        <span className={`${styles.triggerLabel} visually-hidden-narrow`}>Search</span>
        <kbd className={styles.triggerKey} aria-hidden="true">
          /
        </kbd>
      </button>
      {open ? <SearchDialog onClose={close} /> : null}
    </>
  );
}
