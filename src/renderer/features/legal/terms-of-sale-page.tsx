import { PARTICIPANTS_MAX, PARTICIPANTS_MIN } from '@shared/constants';
import { EmailLink, establishmentFacts, ExternalLink, InternalLink, legalPage, WebsiteLink } from './legal-layout';

/**
 * Conditions générales de vente (SPEC.md §2 'Static pages'). Every figure below is a term of
 * SPEC.md §9; the park's identity comes from the establishment info call.
 */
export const TermsOfSalePage = legalPage({
  title: 'Conditions générales de vente',
  intro: ({ info }) => (
    <>
      Les présentes conditions générales de vente (CGV) régissent les réservations de prestations de loisirs effectuées
      auprès de {info.name} sur le site <WebsiteLink website={info.website} />, par téléphone ou par e-mail. Toute
      demande de réservation implique l’acceptation sans réserve des présentes CGV.
    </>
  ),
  sections: ({ info, address }) => [
    {
      title: '1. Identification du vendeur',
      blocks: [
        <>Les prestations sont vendues par :</>,
        { facts: establishmentFacts(info) },
        <>Ci-après dénommé « le parc ».</>,
      ],
    },

    {
      title: '2. Objet et champ d’application',
      blocks: [
        <>
          Les présentes CGV définissent les droits et obligations du parc et de toute personne, particulier, association
          ou entreprise, qui réserve une prestation (ci-après « le client »), en particulier l’organisateur de
          l’événement et les participants qu’il invite. Elles s’appliquent à l’exclusion de toutes autres conditions.
          Les CGV applicables sont celles en vigueur à la date de la demande de réservation.
        </>,
      ],
    },

    {
      title: '3. Prestations',
      blocks: [
        <>
          Le parc propose des activités de plein air et des services associés (restauration, animation…), pour des
          événements de groupe : enterrements de vie de garçon ou de jeune fille, anniversaires, sorties de groupes ou
          d’associations, événements d’entreprise (séminaires, comités d’entreprise) ainsi que des réservations
          individuelles. Les caractéristiques essentielles de chaque activité (description, durée, prix indicatif) sont
          présentées sur le site.
        </>,
        <>
          Un événement réunit de {PARTICIPANTS_MIN} à {PARTICIPANTS_MAX} participants. Les participants sont tenus de
          respecter les consignes de sécurité données par l’équipe du parc.
        </>,
      ],
    },

    {
      title: '4. Demande de réservation, prix et devis',
      blocks: [
        <>
          Le client compose sa demande en ligne (type d’événement, date, nombre de participants, activités et services
          pour chaque journée) et crée à cette occasion son compte client. La demande peut ensuite être suivie et
          complétée depuis l’espace client.
        </>,
        <>
          Les prix affichés sur le site sont indicatifs et exprimés en euros toutes taxes comprises. Le montant estimé
          lors de la demande ne constitue pas une offre ferme : l’équipe du parc étudie chaque demande et adresse au
          client un devis personnalisé. Le parc s’engage à répondre à toute demande dans un délai de 24 heures. Seul le
          prix figurant au devis accepté par le client fait foi.
        </>,
      ],
    },

    {
      title: '5. Réservation en option',
      blocks: [
        <>
          Une réservation peut être posée en option afin de bloquer temporairement une date. L’option est conservée au
          maximum 24 heures, puis elle est levée et la date libérée automatiquement, sans formalité ni frais pour le
          client.
        </>,
      ],
    },

    {
      title: '6. Confirmation de la réservation',
      blocks: [
        <>
          Après validation de la demande par le client puis par l’équipe du parc, la réservation est confirmée après le
          paiement intégral du prix, selon la modalité de paiement prévue au devis. La confirmation est visible dans
          l’espace client.
        </>,
      ],
    },

    {
      title: '7. Modalités de paiement',
      blocks: [
        <>
          Le paiement en ligne s’effectue par carte bancaire, par l’intermédiaire d’un prestataire de paiement sécurisé.
          Les numéros de carte sont saisis directement auprès de ce prestataire : le parc n’en a jamais connaissance et
          ne les conserve pas. Selon le devis, l’une des modalités suivantes s’applique :
        </>,
        {
          subsection: 'Caution par chèque',
          blocks: [<>Le client remet au parc un chèque de caution, selon les indications figurant au devis.</>],
        },
        {
          subsection: 'Caution par carte bancaire',
          blocks: [
            <>
              Une autorisation temporaire (empreinte bancaire) est réalisée sur la carte du client pour le montant de la
              caution. Aucun débit n’est effectué à ce stade ; l’autorisation est libérée automatiquement après le
              séjour.
            </>,
          ],
        },
        {
          subsection: 'Acompte par carte',
          blocks: [
            <>
              Le client règle en ligne un acompte, pourcentage du montant total indiqué au devis. Le solde est réglé le
              jour de l’arrivée. Les sommes versées avant la prestation sont des acomptes et non des arrhes : la
              réservation confirmée engage le client et le parc, et leur remboursement en cas d’annulation suit
              l’article 9.
            </>,
          ],
        },
        {
          subsection: 'Paiement intégral par l’organisateur',
          blocks: [<>L’organisateur règle en ligne, par carte, la totalité du montant de la réservation.</>],
        },
        {
          subsection: 'Paiement collectif',
          blocks: [
            <>
              Chaque participant règle en ligne, par carte, sa part du montant total depuis son espace client.
              L’organisateur suit l’avancement des paiements ; la réservation est confirmée lorsque la totalité du
              montant a été réglée.
            </>,
          ],
        },
        <>
          Lorsqu’une date limite de paiement est indiquée et qu’elle est dépassée, le client doit contacter l’équipe du
          parc par e-mail à <EmailLink email={info.email} />.
        </>,
      ],
    },

    {
      title: '8. Droit de rétractation',
      blocks: [
        <>
          Conformément à l’article L. 221-28, 12° du Code de la consommation, le droit de rétractation ne s’applique pas
          aux prestations de services d’activités de loisirs fournies à une date ou selon une période déterminée. Les
          annulations sont régies par l’article 9 ci-dessous.
        </>,
      ],
    },

    {
      title: '9. Annulation par le client',
      blocks: [
        <>
          Toute annulation doit être notifiée par écrit au parc, par e-mail à <EmailLink email={info.email} /> ou par
          courrier à l’adresse : {address}. La date de réception de la notification détermine le remboursement des
          sommes versées, calculé par rapport à la date de la prestation :
        </>,
        {
          list: [
            <>annulation plus de 3 semaines avant la date de la prestation : remboursement de 80 % ;</>,
            <>annulation entre 3 semaines et 1 semaine avant la date de la prestation : remboursement de 50 % ;</>,
            <>annulation moins d’1 semaine avant la date de la prestation : aucun remboursement.</>,
          ],
        },
        <>Des frais de dossier de 10 € peuvent être retenus sur tout remboursement.</>,
        <>
          Les conditions d’annulation applicables à une réservation sont celles en vigueur le jour de sa confirmation ;
          elles figurent sur son contrat, et une modification ultérieure des présentes conditions ne les change pas.
        </>,
      ],
    },

    {
      title: '10. Retard',
      blocks: [
        <>
          Le client et les participants sont invités à se présenter à l’heure prévue. En cas de retard de plus de 15
          minutes, la durée de l’activité peut être écourtée. En cas de retard de plus de 30 minutes, l’activité peut
          être annulée, sans aucun remboursement.
        </>,
      ],
    },

    {
      title: '11. Annulation par le parc',
      blocks: [
        <>
          Si le parc doit annuler une prestation en raison de conditions météorologiques ne permettant pas d’assurer la
          sécurité des participants ou d’un cas de force majeure au sens de l’article 1218 du Code civil, le client se
          voit proposer, à son choix, le remboursement intégral des sommes versées ou le report sans frais de la
          prestation à une date ultérieure.
        </>,
      ],
    },

    {
      title: '12. Réclamations',
      blocks: [
        <>
          Toute réclamation doit être adressée au parc par écrit, par e-mail à <EmailLink email={info.email} /> ou par
          courrier à l’adresse : {address}, dans un délai de 30 jours suivant la date de la prestation. Le parc y répond
          dans un délai de 15 jours ouvrés à compter de sa réception.
        </>,
      ],
    },

    {
      title: '13. Données personnelles',
      blocks: [
        <>
          Les données personnelles nécessaires à la réservation sont traitées par {info.legalName} conformément au RGPD.
          Les données de réservation sont conservées 3 ans après la dernière activité du client. Pour en savoir plus et
          exercer vos droits, consultez notre <InternalLink to="/privacy">politique de confidentialité</InternalLink>.
        </>,
      ],
    },

    {
      title: '14. Médiation de la consommation',
      blocks: [
        <>
          Conformément aux articles L. 612-1 et suivants du Code de la consommation, le client consommateur peut, en cas
          de litige non résolu, recourir gratuitement à un médiateur de la consommation. Le recours au médiateur n’est
          possible qu’après une réclamation écrite préalable adressée au parc (article 12), et dans un délai d’un an à
          compter de cette réclamation.
        </>,
        <>
          Les coordonnées du médiateur dont relève le parc sont communiquées sur simple demande à{' '}
          <EmailLink email={info.email} />. La liste des médiateurs de la consommation est publiée sur le site{' '}
          <ExternalLink href="https://www.economie.gouv.fr/mediation-conso">
            de la Commission d’évaluation et de contrôle de la médiation de la consommation
          </ExternalLink>
          .
        </>,
      ],
    },

    {
      title: '15. Droit applicable et litiges',
      blocks: [
        <>
          Les présentes CGV sont soumises au droit français. À défaut de résolution amiable ou par la médiation, tout
          litige relatif à leur interprétation ou à leur exécution relève des juridictions françaises compétentes dans
          les conditions du droit commun.
        </>,
        <>
          L’utilisation du site et de l’espace client est par ailleurs régie par nos{' '}
          <InternalLink to="/conditions">conditions d’utilisation</InternalLink>.
        </>,
      ],
    },
  ],
});
