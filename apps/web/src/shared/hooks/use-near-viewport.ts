import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come near the viewport (within `margin`), once: for parts far down a
 * page that need a request of their own (the footer's form), so that a page asks for them only
 * when the visitor scrolls there. Where IntersectionObserver does not exist, never.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
