import { NoContent } from '../common.ts';
import {
  OAuthAuthResponse,
  OAuthCallbackQuery,
  OAuthProviderParams,
  OAuthTokenAnswer,
  OAuthTokenQuery,
} from '../oauth.ts';
import {
  ChooseOrganisationBody,
  ConfirmParams,
  ConfirmResponse,
  ForgotParams,
  ForgotResponse,
  LoginBody,
  LoginResponse,
  LogoutBody,
  RefreshParams,
  RefreshResponse,
  ResetPasswordBody,
  ResetPasswordParams,
  ResetPasswordResponse,
} from '../users.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/**
 * Sign-in, refresh, sign-out, password recovery, address confirmation (SPEC section 7), and sign-in with
 * Google or Microsoft. All public but the provider token.
 */
export const auth = group(at.auth, ['auth'], {
  login: {
    body: LoginBody,
    responses: { 200: LoginResponse },
    errors: ['invalid_credentials', 'choose_organisation', 'rate_limited'],
    summary: 'Sign in with an email and a password',
  },
  chooseOrganisation: {
    body: ChooseOrganisationBody,
    responses: { 200: LoginResponse },
    errors: ['choice_expired'],
    summary: 'Second step of a sign-in whose address has accounts in several organisations',
  },
  refresh: {
    params: RefreshParams,
    responses: { 200: RefreshResponse },
    errors: ['invalid_refresh_token'],
    summary: 'A new access and refresh token pair; the old refresh token is retired',
  },
  logout: {
    body: LogoutBody,
    responses: { 204: NoContent },
    summary: 'Revoke the refresh token family of a session',
  },
  forgotPassword: {
    params: ForgotParams,
    responses: { 200: ForgotResponse },
    errors: ['rate_limited'],
    summary: 'Mail a password recovery link (same answer whether the account exists or not)',
  },
  resetPassword: {
    params: ResetPasswordParams,
    body: ResetPasswordBody,
    responses: { 200: ResetPasswordResponse },
    errors: ['reset_token_invalid', 'rate_limited'],
    summary: 'Set a new password with a recovery link',
  },
  confirmAddress: {
    params: ConfirmParams,
    responses: { 200: ConfirmResponse },
    errors: ['confirm_token_invalid', 'rate_limited'],
    summary: 'Confirm an address with the mailed link',
  },
  oauthStart: {
    params: OAuthProviderParams,
    responses: { 200: OAuthAuthResponse },
    errors: ['provider_not_configured', 'provider_unavailable', 'provider_error', 'rate_limited'],
    summary: "The provider's sign-in address for a new attempt",
  },
  oauthCallback: {
    params: OAuthProviderParams,
    query: OAuthCallbackQuery,
    responses: { 200: LoginResponse },
    errors: [
      'provider_not_configured',
      'provider_unavailable',
      'provider_error',
      'invalid_state',
      'email_not_verified',
      'email_unconfirmed',
      'no_account',
      'oauth_failed',
      'oauth_denied',
      'choose_organisation',
    ],
    summary: "Complete a sign-in with the provider's answer; answers what POST /users/login answers",
  },
  oauthToken: {
    query: OAuthTokenQuery,
    responses: { 200: OAuthTokenAnswer },
    errors: ['provider_unavailable', 'provider_error', 'no_provider_token'],
    summary: "The signed-in user's provider access token, refreshed when it expires",
  },
});
