export interface SearchCorrectionProps {
  /** The words as the shopper typed them. */
  original: string;
  /** The address of the exact search (for a new tab, or without JavaScript). */
  href: string;
  /** Runs the exact search in place. */
  onExact: () => void;
}

/** Under "Showing results for milk": the way back to what the shopper typed, "Search instead for mlik". */
export default function SearchCorrection({ original, href, onExact }: SearchCorrectionProps) {
  return (
    <p className="-mt-2 mb-3 text-sm text-gray-600 dark:text-gray-300" data-search-correction>
      Search instead for{' '}
      <a
        href={href}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          onExact();
        }}
        className="font-semibold break-all text-brand-700 underline dark:text-brand-100"
      >
        {original}
      </a>
    </p>
  );
}
