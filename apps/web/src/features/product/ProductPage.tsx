/** The product page; its screen lands in the next commit. */
export function ProductPage() {
  return null;
}
