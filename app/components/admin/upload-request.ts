/**
 * A form body posted with XMLHttpRequest, whose upload reports progress (fetch does not): the one
 * way the admin sends files with a progress bar (the track and attachment lists, the media library).
 * Resolves with the finished request (any status), or with null when the connection failed.
 */
export function postWithProgress(
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
  { headers = {}, responseType = "" }: { headers?: Record<string, string>; responseType?: XMLHttpRequestResponseType } = {},
): Promise<XMLHttpRequest | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = responseType;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => resolve(null);
    xhr.send(body);
  });
}
