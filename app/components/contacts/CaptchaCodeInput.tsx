import type { InputHTMLAttributes } from "react";

/**
 * Where a visitor types the code of the captcha picture (contact form, newsletter sign-up): a fresh
 * input for each picture (its key), nothing remembered or corrected by the browser, capitals.
 */
export function CaptchaCodeInput({ captchaId, ...rest }: { captchaId: string | undefined; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      key={captchaId ?? "none"}
      name="captcha_value"
      type="text"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={12}
      {...rest}
    />
  );
}
