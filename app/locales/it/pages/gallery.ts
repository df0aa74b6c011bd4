// Texts of the gallery and its lightbox.
export default {
  heading: "Galleria",
  photos_one: "{{count}} foto",
  photos_other: "{{count}} foto",
  close: "Chiudi",
  previous: "Immagine precedente",
  next: "Immagine successiva",
  counter: "{{current}} / {{total}}",
  dialogLabel: "Galleria: {{title}}",
  backToGallery: "Torna alla galleria",
  zoomHint: "Doppio clic, rotella o pizzico per ingrandire",
};
