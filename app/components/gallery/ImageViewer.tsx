import { useCallback, useEffect, useRef, useState } from "react";
import { Picture } from "~/components/media/Picture";
import type { ImageInfo } from "~/lib/images";

/** SPEC.md 9: zoom from 0.5 to 3; two taps/clicks within 300 ms zoom in (or back). */
const MIN_SCALE = 0.5;
const MAX_SCALE = 3;
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SCALE = 2;

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

type Point = { x: number; y: number };

type ImageViewerProps = {
  image: ImageInfo;
  alt: string;
  /** Called on a horizontal drag longer than a third of the width (not zoomed): -1 previous, 1 next. */
  onSwipe?: (direction: -1 | 1) => void;
};

/**
 * One picture with pinch (two pointers), wheel and double tap/click zoom, panning when zoomed,
 * and swipe to the neighbours when not zoomed. Pointer events cover mouse, pen and touch.
 */
export function ImageViewer({ image, alt, onSwipe }: ImageViewerProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const [dragX, setDragX] = useState(0);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ start: Point; startOffset: Point; pinchDistance: number; pinchScale: number; moved: boolean } | null>(null);
  const lastTap = useRef(0);
  const scaleRef = useRef(scale);
  scaleRef.current = scale;

  const zoomTo = useCallback((next: number) => {
    const clamped = clampScale(next);
    setScale(clamped);
    if (clamped <= 1) setOffset({ x: 0, y: 0 });
  }, []);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      zoomTo(scaleRef.current * Math.exp(-event.deltaY * 0.0015));
    };
    stage.addEventListener("wheel", onWheel, { passive: false });
    return () => stage.removeEventListener("wheel", onWheel);
  }, [zoomTo]);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Pointers that are not active in the browser (synthetic ones) cannot be captured.
    }
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture.current = {
      start: { x: event.clientX, y: event.clientY },
      startOffset: offset,
      pinchDistance: pointers.current.size === 2 ? distance() : 0,
      pinchScale: scale,
      moved: gesture.current?.moved ?? false,
    };
    if (pointers.current.size === 1) gesture.current.moved = false;
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (pointers.current.size >= 2) {
      g.moved = true;
      if (g.pinchDistance > 0) zoomTo(g.pinchScale * (distance() / g.pinchDistance));
      return;
    }
    const dx = event.clientX - g.start.x;
    const dy = event.clientY - g.start.y;
    if (Math.abs(dx) > 4 || Math.abs(dy) > 4) g.moved = true;
    if (scale > 1) setOffset({ x: g.startOffset.x + dx, y: g.startOffset.y + dy });
    else setDragX(dx);
  };

  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.delete(event.pointerId);
    const g = gesture.current;
    if (pointers.current.size > 0 || !g) return;
    gesture.current = null;
    const dx = event.clientX - g.start.x;
    setDragX(0);
    if (g.moved) {
      lastTap.current = 0;
      const width = stageRef.current?.clientWidth ?? window.innerWidth;
      if (scale <= 1 && Math.abs(dx) > width / 3) onSwipe?.(dx < 0 ? 1 : -1);
      return;
    }
    const now = event.timeStamp;
    if (now - lastTap.current <= DOUBLE_TAP_MS) {
      lastTap.current = 0;
      zoomTo(scale === 1 ? DOUBLE_TAP_SCALE : 1);
    } else {
      lastTap.current = now;
    }
  };

  const onPointerCancel = (event: React.PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) {
      gesture.current = null;
      setDragX(0);
    }
  };

  const transform = `translate(${offset.x + dragX}px, ${offset.y}px) scale(${scale})`;
  return (
    <div
      ref={stageRef}
      className="image-viewer"
      data-scale={scale.toFixed(2)}
      data-dragging={dragX !== 0 ? "true" : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      <div className="image-viewer__content" style={{ transform }}>
        <Picture image={image} alt={alt} sizes="100vw" priority draggable={false} className="image-viewer__image" />
      </div>
    </div>
  );
}
