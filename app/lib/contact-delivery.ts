/** Where a contact message's delivery by mail stands (contact.server.ts delivers, the inbox shows it). */
export type DeliveryState = "sent" | "waiting" | "retrying" | "failed";

export function deliveryState(message: { deliveredAt: Date | null; failedAt: Date | null; attempts: number }): DeliveryState {
  if (message.deliveredAt) return "sent";
  if (message.failedAt) return "failed";
  return message.attempts > 0 ? "retrying" : "waiting";
}

export const DELIVERY_LABELS: Record<DeliveryState, string> = {
  sent: "Inviato",
  waiting: "In attesa di invio",
  retrying: "In attesa di nuovo tentativo",
  failed: "Non riuscito",
};
