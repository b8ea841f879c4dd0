/**
 * Every failure of a call is the client package's VivierApiError (decision 200): `kind` (timeout, network,
 * http, route), `status`, `code` (`ECONNABORTED` on a timeout, SPEC section 8; the server's code otherwise),
 * `errorCode` and `serverMessage` (the server's), `body`. The web app names it ApiError.
 */
export {
  type ApiErrorKind,
  isVivierApiError as isApiError,
  VivierApiError as ApiError,
} from '@vivier/client/core';
