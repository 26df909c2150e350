/** How a badge or a status looks: the colour family of its theme token. */
export type Tone = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error'
