/** The @modal slot of the products-on-order pages when no dialog is open: nothing. */
export default function NoModal() {
  return null;
}
