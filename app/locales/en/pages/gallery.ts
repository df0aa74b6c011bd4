import type it from "../../it/pages/gallery";

export default {
  heading: "Gallery",
  photos_one: "{{count}} photo",
  photos_other: "{{count}} photos",
  close: "Close",
  previous: "Previous image",
  next: "Next image",
  counter: "{{current}} / {{total}}",
  dialogLabel: "Gallery: {{title}}",
  backToGallery: "Back to the gallery",
  zoomHint: "Double click, scroll or pinch to zoom",
} satisfies typeof it;
