import { DELIVERY_LABELS, type DeliveryState } from "~/lib/contact-delivery";

/** A message's delivery by mail, as a badge (the colour repeats the words, never replaces them). */
export function DeliveryStatus({ state }: { state: DeliveryState }) {
  return (
    <span className="delivery-status" data-delivery={state}>
      {DELIVERY_LABELS[state]}
    </span>
  );
}
