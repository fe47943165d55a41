/** Escapes text for HTML element content and attribute values. */
export const esc = (value: string | number | null | undefined): string =>
  String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

/** JSON for a `<script>` block: `</` must not end the script early. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replaceAll('</', '<\\/')
