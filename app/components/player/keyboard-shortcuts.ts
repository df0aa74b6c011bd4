/**
 * The player's shortcuts for `aria-keyshortcuts` on its region (key names as the ARIA spec spells
 * them); keyboard.ts handles them. Kept apart so the page does not load the handler before the player.
 */
export const PLAYER_KEYSHORTCUTS = "Space ArrowLeft ArrowRight ArrowUp ArrowDown L M";
