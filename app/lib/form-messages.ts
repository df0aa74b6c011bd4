/** Admin and api/ messages shared by the domain modules, the edge and the forms (Italian, SPEC.md 5 and 8). */

/** SPEC.md 5: a required field is empty. */
export const REQUIRED_MESSAGE = "Compila i campi obbligatori";

/** The row a request names does not exist (or no longer does). */
export const NOT_FOUND_MESSAGE = "Elemento non trovato";
