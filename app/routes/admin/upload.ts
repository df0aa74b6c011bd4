/**
 * The admin forms' asynchronous upload is the api/ upload endpoint (routes/api/file-upload.ts):
 * one guard (staff session, same site, csrftoken + X-CSRFToken), one set of limits and defaults.
 */
export { action, loader } from "../api/file-upload";
