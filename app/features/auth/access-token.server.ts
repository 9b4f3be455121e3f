import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";

/** The fixed messages for a token that does not check out. */
export class AccessTokenError extends Error {}

export interface AccessClaims extends JWTPayload {
  sub: string;
  email?: string;
  aal?: string;
}

/**
 * Verifies a back-office access token (from /api/auth/token) against the published keys
 * (/.well-known/jwks.json): signature, issuer, audience and expiry.
 */
export async function verifyAccessToken(
  token: string,
  jwks: JSONWebKeySet,
  expected: { issuer: string; audience: string },
): Promise<AccessClaims> {
  if (!jwks.keys?.length) throw new AccessTokenError("JWKS is empty");
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: expected.issuer,
      audience: expected.audience,
    });
    if (typeof payload.sub !== "string") throw new AccessTokenError("Access token has no subject");
    return payload as AccessClaims;
  } catch (error) {
    if (error instanceof AccessTokenError) throw error;
    if (error instanceof errors.JWKSNoMatchingKey) throw new AccessTokenError("No matching signing key found in JWKS");
    if (error instanceof errors.JWSSignatureVerificationFailed) throw new AccessTokenError("Invalid JWT signature");
    if (error instanceof errors.JWTExpired) throw new AccessTokenError("Access token has expired");
    if (error instanceof errors.JOSEError) throw new AccessTokenError(`Invalid access token: ${error.message}`);
    throw error;
  }
}
