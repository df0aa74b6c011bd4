import { useEffect, useState, type DragEvent } from "react";

/**
 * Drag-and-drop reorder of an admin list, with JavaScript only (plain HTML5 drag events, a mouse or
 * pen): the row under the pointer makes room while dragging, and the drop hands the new order of ids
 * to `save`, which posts it to the same action (and domain function) as the list's up/down buttons.
 * The buttons stay: they are the native posts without JavaScript and the keyboard's way.
 */
export function useDragOrder<Row extends { id: number }>(rows: Row[], save: (ids: number[]) => void) {
  const [order, setOrder] = useState(rows);
  const [dragged, setDragged] = useState<number | null>(null);
  // A saved order (or any other change) comes back as new rows from the loader.
  useEffect(() => setOrder(rows), [rows]);
  const over = (target: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged === null || dragged === target) return;
    setOrder((current) => {
      const moving = current.find((row) => row.id === dragged);
      if (!moving) return current;
      const rest = current.filter((row) => row.id !== dragged);
      const at = rest.findIndex((row) => row.id === target) + (current.indexOf(moving) < current.findIndex((row) => row.id === target) ? 1 : 0);
      return [...rest.slice(0, at), moving, ...rest.slice(at)];
    });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragged(null);
    const ids = order.map((row) => row.id);
    if (ids.join() !== rows.map((row) => row.id).join()) save(ids);
  };
  const start = (id: number) => (event: DragEvent) => {
    // Firefox starts a drag only when it carries some data.
    event.dataTransfer.setData("text/plain", String(id));
    event.dataTransfer.effectAllowed = "move";
    setDragged(id);
  };
  return { order, dragged, start, over, drop, end: () => setDragged(null) };
}
