// Texts of the bio page.
export default {
  title: "Biografia",
  description: "La biografia di Elena Marchetti: formazione, carriera e riconoscimenti.",
};
