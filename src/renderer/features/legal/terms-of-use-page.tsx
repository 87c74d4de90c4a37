import { MESSAGE_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/constants';
import { EmailLink, InternalLink, legalPage, WebsiteLink } from './legal-layout';

/**
 * Conditions d'utilisation of the site and customer account, linked from wizard step 3
 * (SPEC.md §2). They describe the account, invitation and chat features as the product
 * implements them; the sale itself is governed by the CGV.
 */
export const TermsOfUsePage = legalPage({
  title: 'Conditions d’utilisation',
  intro: ({ info, address }) => (
    <>
      Les présentes conditions d’utilisation encadrent l’accès au site <WebsiteLink website={info.website} /> et
      l’utilisation de l’espace client de {info.name}, édité par {info.legalName} (SIRET {info.siret}), {address}. En
      créant un compte, vous les acceptez sans réserve.
    </>
  ),
  sections: ({ info }) => [
    {
      title: '1. Objet',
      blocks: [
        <>
          Le site permet de découvrir le parc, de composer une demande de réservation de groupe, de suivre cette demande
          depuis un espace client, d’inviter des participants, d’échanger avec l’équipe du parc et de payer en ligne.
          Les réservations et les paiements sont régis par nos{' '}
          <InternalLink to="/cgv">conditions générales de vente</InternalLink>.
        </>,
      ],
    },

    {
      title: '2. Accès au site',
      blocks: [
        <>
          La consultation du site est libre et gratuite. Le suivi des demandes, les invitations, la discussion et le
          paiement nécessitent un compte client. Les frais de connexion à internet restent à la charge de l’utilisateur.
        </>,
      ],
    },

    {
      title: '3. Création du compte',
      blocks: [
        <>
          Le compte est créé lors de l’envoi d’une demande de réservation, depuis la page d’inscription, ou en
          rejoignant un événement grâce à un lien d’invitation. Le titulaire d’un compte doit être majeur ou, s’il est
          mineur, disposer de l’accord de son représentant légal ; une entreprise ou une association est représentée par
          une personne habilitée à agir en son nom.
        </>,
      ],
    },

    {
      title: '4. Exactitude des données',
      blocks: [
        <>
          Vous vous engagez à fournir des informations exactes, complètes et à jour (nom, prénom, adresse e-mail,
          téléphone) et à les mettre à jour depuis votre profil en cas de changement. L’adresse e-mail sert
          d’identifiant et ne peut pas être modifiée ; pour en changer, contactez l’équipe. Le parc ne saurait être tenu
          responsable des conséquences d’informations erronées, notamment l’impossibilité de vous joindre au sujet de
          votre réservation.
        </>,
      ],
    },

    {
      title: '5. Identifiants et mot de passe',
      blocks: [
        <>
          Votre mot de passe comporte au moins {PASSWORD_MIN_LENGTH} caractères ; nous vous recommandons d’en choisir un
          long et différent de ceux utilisés sur d’autres sites. Il est strictement personnel et confidentiel : ne le
          communiquez à personne. Toute action effectuée depuis votre compte est réputée faite par vous.
        </>,
        <>
          En cas d’oubli, l’équipe vous adresse par e-mail un mot de passe temporaire, que vous devez remplacer dès
          votre connexion. Si vous soupçonnez une utilisation frauduleuse de votre compte, changez immédiatement votre
          mot de passe et prévenez l’équipe à <EmailLink email={info.email} />.
        </>,
      ],
    },

    {
      title: '6. Invitations par lien partageable',
      blocks: [
        <>
          L’organisateur d’une réservation peut créer des liens d’invitation, éventuellement limités en nombre
          d’utilisations et en durée de validité, et les partager (copie, messageries, réseaux sociaux, e-mail, SMS, QR
          code). Toute personne qui dispose d’un lien valide peut consulter les informations de l’événement
          (organisateur, date, type d’événement, activités prévues, prénoms et noms des participants déjà inscrits) et
          rejoindre la réservation en créant un compte.
        </>,
        <>L’organisateur s’engage à :</>,
        {
          list: [
            <>ne partager ces liens qu’avec les personnes qu’il souhaite réellement inviter ;</>,
            <>révoquer sans délai depuis son espace client tout lien diffusé par erreur ;</>,
            <>
              informer les personnes invitées que leurs données seront traitées par le parc dans les conditions de la{' '}
              <InternalLink to="/privacy">politique de confidentialité</InternalLink>.
            </>,
          ],
        },
        <>
          La personne invitée qui rejoint un événement devient participant : elle accède à la réservation et à sa
          discussion, sans pouvoir en modifier les éléments réservés à l’organisateur.
        </>,
      ],
    },

    {
      title: '7. Discussion avec l’équipe',
      blocks: [
        <>
          Chaque réservation dispose d’une discussion partagée entre l’équipe du parc, l’organisateur et tous les
          participants : chacun d’eux voit l’ensemble des messages. Un message compte au plus {MESSAGE_MAX_LENGTH}{' '}
          caractères. L’équipe répond en général dans un délai de 12 heures ; pour une urgence, privilégiez le téléphone
          ({info.phone}). Les messages sont conservés pendant toute la durée de la réservation.
        </>,
        <>Vous vous engagez à faire un usage courtois et loyal de la discussion et à n’y publier aucun contenu :</>,
        {
          list: [
            <>
              illicite, notamment diffamatoire, injurieux, discriminatoire, violent ou portant atteinte à la vie privée
              d’autrui ;
            </>,
            <>
              contrefaisant des droits de propriété intellectuelle, comme des images dont vous n’avez pas les droits ;
            </>,
            <>publicitaire ou sans rapport avec la réservation ;</>,
            <>
              contenant des données sensibles ou des informations bancaires (ne communiquez jamais un numéro de carte
              par message).
            </>,
          ],
        },
        <>
          Le parc peut supprimer tout message contraire à ces règles et, en cas de manquement grave ou répété, suspendre
          l’accès du compte concerné.
        </>,
      ],
    },

    {
      title: '8. Suppression du compte',
      blocks: [
        <>
          Vous pouvez supprimer votre compte à tout moment depuis votre espace client (onglet Profil, « Supprimer mon
          compte »), ou en écrivant à <EmailLink email={info.email} />. La suppression est définitive : vos informations
          personnelles sont effacées et toutes vos sessions fermées. Les données liées à une réservation restent
          toutefois conservées pendant la durée nécessaire au respect des obligations légales du parc, dans les
          conditions de la <InternalLink to="/privacy">politique de confidentialité</InternalLink>.
        </>,
        <>
          Le parc peut supprimer ou suspendre un compte en cas de manquement aux présentes conditions, après en avoir
          informé son titulaire sauf en cas d’urgence.
        </>,
      ],
    },

    {
      title: '9. Disponibilité du service',
      blocks: [
        <>
          Le parc s’efforce de rendre le site accessible en permanence, sans toutefois y être tenu. L’accès peut être
          interrompu pour des opérations de maintenance ou de mise à jour, ou en raison d’une panne ou d’un événement
          indépendant de sa volonté. Aucune indemnité ne peut être réclamée à ce titre. En cas d’indisponibilité,
          l’équipe reste joignable par téléphone et par e-mail.
        </>,
      ],
    },

    {
      title: '10. Responsabilité',
      blocks: [
        <>
          Le parc met en œuvre les moyens raisonnables pour assurer la sécurité et l’exactitude des informations du site
          ; les prix et descriptions qui y figurent sont indicatifs, seul le devis faisant foi. Le parc ne peut être
          tenu responsable d’un dommage résultant d’une utilisation du site non conforme aux présentes conditions, d’une
          faute de l’utilisateur ou d’un tiers, ou d’un cas de force majeure.
        </>,
        <>
          L’utilisateur est responsable de l’usage de son compte, des contenus qu’il publie dans la discussion et de la
          diffusion des liens d’invitation qu’il crée.
        </>,
      ],
    },

    {
      title: '11. Propriété intellectuelle',
      blocks: [
        <>
          Les contenus du site sont protégés ; leurs conditions d’utilisation sont précisées dans les{' '}
          <InternalLink to="/mentions-legales">mentions légales</InternalLink>. En publiant une image dans la
          discussion, vous autorisez le parc à la conserver et à l’afficher aux participants de la réservation, pour les
          seuls besoins de celle-ci.
        </>,
      ],
    },

    {
      title: '12. Modification des conditions',
      blocks: [
        <>
          Le parc peut modifier les présentes conditions afin de tenir compte de l’évolution du service ou de la
          réglementation. La version applicable est celle publiée sur cette page, dont la date de mise à jour figure en
          tête.
        </>,
      ],
    },

    {
      title: '13. Droit applicable et contact',
      blocks: [
        <>
          Les présentes conditions sont soumises au droit français. Pour toute question, écrivez à{' '}
          <EmailLink email={info.email} /> ou appelez-nous ({info.phone}).
        </>,
      ],
    },
  ],
});
