"""Sign-in with a school account: Google, Microsoft (one Entra ID tenant) and Feide.

django-allauth's social accounts and its OpenID Connect client do the protocol (state, PKCE,
the code exchange, the ID token's signature, audience and expiry); this package adds what a
school needs on top:

- `providers`: which providers the deployment switched on (config/settings.py, from the
  environment) and what each may accept: one issuer, Google's Workspace domains, Microsoft's
  tenant.
- `claims`: the checks on what a provider says (issuer, domain, tenant, the nonce), and the
  school logins a teacher may have typed for that identity.
- `provider` and `adapters`: where allauth calls in. A link stores the issuer and subject only.
- `sign_in`: who signs in as whom. A known identity signs its owner in; an unknown one signs
  in the pupil whose teacher entered its e-mail or user name, or signs up a teacher from the
  teacher pages, and is otherwise refused ("ask your teacher to add you"), never a new pupil.
"""
