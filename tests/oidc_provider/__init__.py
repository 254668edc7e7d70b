"""A real OpenID Connect provider for the sign-in tests: django-oauth-toolkit's, run as its own
small Django project in its own process on a local port (`start_provider`), as Google,
Microsoft or Feide would be. Nothing here is the protocol mocked: the app under test discovers
it, sends the browser to its login and consent, exchanges the code with PKCE, and verifies its
RS256-signed ID tokens.

Its people are made when it starts (`ProviderUser`); each asserts the claims the real providers
do: `email` and `email_verified`, Google's `hd` (the e-mail's domain), Microsoft's `tid` and
`preferred_username`, and Feide's Feide name.
"""
