/** Why a policy refuses: the API's error code and the message key (the model throws it, a page may show it). */
export type PolicyRefusal = { code: 'in_use' | 'invalid_transition' | 'forbidden' | 'period_closed' | 'out_of_service'; key: string }
